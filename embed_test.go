package knitfront

import (
	"io/fs"
	"testing"
)

func TestThemeIsEmbedded(t *testing.T) {
	for _, name := range []string{"layout/theme.liquid", "config/settings_schema.json", "locales/en.default.json", "assets/global.js"} {
		if _, err := fs.Stat(Theme(), name); err != nil {
			t.Errorf("the embedded theme lacks %s: %v", name, err)
		}
	}
}
