package storefront

import (
	"fmt"
	"html"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strings"
)

// AppExtension is an app's theme app extension, as Shopify adds it to any
// Online Store 2.0 theme: app blocks, which a merchant places in the
// sections that take @app blocks, and app embeds, which every page renders
// while they are on. Its Liquid has a locale and assets of its own.
type AppExtension struct {
	handle string
	theme  *Theme
	blocks map[string]appBlockSchema
}

// appBlockSchema is the part of an app block's {% schema %} rendering
// needs. An app embed's target is head or body; an app block's, section.
type appBlockSchema struct {
	Target     string       `json:"target"`
	Stylesheet string       `json:"stylesheet"`
	Javascript string       `json:"javascript"`
	Settings   []settingDef `json:"settings"`
}

// appBlockType is the type a theme's section sees for an app block.
const appBlockType = "@app"

// LoadAppExtension compiles the theme app extension in fsys (blocks/,
// snippets/, locales/) of the app with the handle. assetURL gives the
// address of a file of its assets.
func LoadAppExtension(handle string, fsys fs.FS, assetURL func(name string) string) (*AppExtension, error) {
	t := newTheme(assetURL)
	sources, err := t.compileFiles(fsys, "blocks", "snippets")
	if err != nil {
		return nil, err
	}
	app := &AppExtension{handle: handle, theme: t, blocks: map[string]appBlockSchema{}}
	if err := readSchemas(sources, "blocks", app.blocks); err != nil {
		return nil, fmt.Errorf("app extension: %w", err)
	}
	if err := readJSON(fsys, "locales/en.default.json", &t.translations); err != nil {
		return nil, err
	}
	return app, nil
}

// UseAppExtension adds the app extension to the theme: its embeds on every
// page, its blocks wherever a template places them.
func (t *Theme) UseAppExtension(app *AppExtension) { t.app = app }

// blockOf returns the name of the extension's block that a template's block
// type names: shopify://apps/{app}/blocks/{name}/{uuid}.
func (a *AppExtension) blockOf(blockType string) (string, bool) {
	if a == nil {
		return "", false
	}
	rest, ok := strings.CutPrefix(blockType, "shopify://apps/"+a.handle+"/blocks/")
	if !ok {
		return "", false
	}
	name, _, _ := strings.Cut(rest, "/")
	_, ok = a.blocks[name]
	return name, ok
}

// renderEmbeds renders every app embed into head or body by its target,
// each embed's stylesheet and script first. stored is what the theme's
// settings_data.json keeps of app embeds (its current blocks): an embed
// it turns off is left out, and its settings there override the defaults.
func (a *AppExtension) renderEmbeds(head, body io.Writer, state *pageState, stored any) error {
	for _, name := range slices.Sorted(maps.Keys(a.blocks)) {
		schema := a.blocks[name]
		settings, disabled := a.storedEmbed(stored, name)
		if disabled {
			continue
		}
		var w io.Writer
		switch schema.Target {
		case "head":
			w = head
		case "body":
			w = body
		default:
			continue
		}
		if schema.Stylesheet != "" {
			fmt.Fprintf(w, `<link href="%s" rel="stylesheet" type="text/css" media="all">`, html.EscapeString(a.theme.assetURL(schema.Stylesheet)))
		}
		if schema.Javascript != "" {
			fmt.Fprintf(w, `<script src="%s" defer="defer"></script>`, html.EscapeString(a.theme.assetURL(schema.Javascript)))
		}
		block := &blockObject{ID: a.handle + "-" + name, Type: name, Settings: resolveSettings(schema.Settings, settings, state.page.Resolve), appBlock: name}
		if err := a.renderBlock(w, state, block, nil); err != nil {
			return err
		}
	}
	return nil
}

// storedEmbed finds the embed among the theme's stored blocks, whose type
// is shopify://apps/{app}/blocks/{name}/{uuid}: its settings, and whether it
// is off. An embed the theme does not mention is on, as in dev.
func (a *AppExtension) storedEmbed(stored any, name string) (map[string]any, bool) {
	blocks, _ := stored.(map[string]any)
	for _, b := range blocks {
		block, _ := b.(map[string]any)
		typ, _ := block["type"].(string)
		if found, ok := a.blockOf(typ); !ok || found != name {
			continue
		}
		settings, _ := block["settings"].(map[string]any)
		disabled, _ := block["disabled"].(bool)
		return settings, disabled
	}
	return nil, false
}

// renderBlock renders an app block or embed with the extension's own
// locale and assets. It sees the page's objects and itself; an app block
// also sees its section's id, as on Shopify, and nothing else of it.
func (a *AppExtension) renderBlock(w io.Writer, state *pageState, block *blockObject, section *sectionObject) error {
	own := *state
	own.cfg = a.theme.configs[state.page.Currency]
	bindings := maps.Clone(state.page.Objects)
	bindings["block"] = block
	if section != nil {
		bindings["section"] = map[string]any{"id": section.ID}
	}
	bindings[stateBinding] = &own
	return renderNode(w, a.theme.files["blocks/"+block.appBlock+".liquid"], bindings)
}
