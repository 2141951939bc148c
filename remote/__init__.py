"""Friends at other terminals: registered players (`players`) and the SSH host (`server`)."""
