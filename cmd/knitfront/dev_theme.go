package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"knitfront"
)

// devThemeAssets are what `dev --theme DIR` serves under /assets/, as
// Shopify serves a theme's assets and an app extension's beside them: the
// theme's assets/, then the extension's, then the widget bundle. The first
// layer holding a name wins.
func devThemeAssets(dir string) fs.FS {
	extension, err := fs.Sub(knitfront.AppExtension(), "assets")
	if err != nil {
		panic(err) // a fixed path of an embedded folder
	}
	return layeredFS{os.DirFS(filepath.Join(dir, "assets")), extension, knitfront.WebBundle()}
}

// layeredFS is a flat folder made of several: a name is opened from the
// first layer that has it, and the listing holds every layer's files.
type layeredFS []fs.FS

func (l layeredFS) Open(name string) (fs.File, error) {
	for _, layer := range l {
		f, err := layer.Open(name)
		if !errors.Is(err, fs.ErrNotExist) {
			return f, err
		}
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

func (l layeredFS) ReadDir(name string) ([]fs.DirEntry, error) {
	var entries []fs.DirEntry
	for _, layer := range l {
		list, err := fs.ReadDir(layer, name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, e := range list {
			if !e.IsDir() && !slices.ContainsFunc(entries, func(have fs.DirEntry) bool { return have.Name() == e.Name() }) {
				entries = append(entries, e)
			}
		}
	}
	return entries, nil
}
