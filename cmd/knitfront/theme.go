package main

import (
	"archive/zip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path"
	"strings"

	"knitfront"
)

// builtThemeAssets are the theme's files that the web build makes: a theme
// without them would place widgets that never run.
var builtThemeAssets = []string{
	"assets/knitfront.js", "assets/jquery.min.js", "assets/cart.min.js", "snippets/knitfront-preload.liquid",
}

// exportTheme is `knitfront theme FILE`: it writes the theme this binary
// embeds, with the widget bundle it was built with, as a zip a merchant
// uploads to Shopify (Online Store > Themes > Add theme > Upload zip file).
func exportTheme(_ context.Context, _ config, args []string, _ *slog.Logger, stdout io.Writer) error {
	if len(args) != 1 {
		return fmt.Errorf("%w: theme takes one FILE, such as knitfront-theme.zip", errUsage)
	}
	out, err := os.Create(args[0])
	if err != nil {
		return err
	}
	n, err := writeThemeZip(out, knitfront.Theme())
	if closeErr := out.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		os.Remove(args[0])
		return err
	}
	fmt.Fprintf(stdout, "wrote the theme, %d files, to %s\n", n, args[0])
	return nil
}

// writeThemeZip writes every file of theme, the theme folders at the top of
// the archive as Shopify expects, and returns how many it wrote.
func writeThemeZip(w io.Writer, theme fs.FS) (int, error) {
	for _, name := range builtThemeAssets {
		if _, err := fs.Stat(theme, name); err != nil {
			return 0, fmt.Errorf("the theme has no %s: run make build (make theme does) before building the binary", name)
		}
	}
	zw := zip.NewWriter(w)
	files := 0
	err := fs.WalkDir(theme, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.HasPrefix(path.Base(name), ".") && name != "." {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		body, err := fs.ReadFile(theme, name)
		if err != nil {
			return err
		}
		f, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate})
		if err != nil {
			return err
		}
		if _, err := f.Write(body); err != nil {
			return err
		}
		files++
		return nil
	})
	return files, errors.Join(err, zw.Close())
}
