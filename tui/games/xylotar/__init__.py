"""The Xylotar table: its screen, its score table and the widgets only it draws. The
package itself is light: `about` describes the game for the app, `screen` is imported
when the game opens."""
