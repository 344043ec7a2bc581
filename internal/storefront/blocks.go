package storefront

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"maps"
	"strings"

	"github.com/osteele/liquid/render"
)

// Theme blocks (the blocks/ folder): a section or a block renders its
// children with {% content_for 'blocks' %}, in the template's order, and a
// static child with {% content_for 'block', type: 'x', id: 'y' %}. The
// template keeps each child's settings under the parent's blocks, at any
// depth; a static child is there by its id, marked static and left out of
// the order.

// blockSchema is the part of a theme block's {% schema %} rendering needs.
// Tag is the wrapper element's name: absent, a div; null, no wrapper.
type blockSchema struct {
	Tag      json.RawMessage `json:"tag"`
	Class    string          `json:"class"`
	Settings []settingDef    `json:"settings"`
}

// blockParentBinding holds, among a section's or block's variables, the
// parent whose children {% content_for %} renders.
const blockParentBinding = "knitfront:block-parent"

// blockParent is a section or a theme block as a parent of blocks.
type blockParent struct {
	section    *sectionObject
	blocks     map[string]templateBlock
	blockOrder []string
	// closest are the resources the children see as closest.product and
	// the like: the page's, or those an ancestor passed down.
	closest map[string]any
}

// closestResources are the resources closest names.
var closestResources = []string{"product", "collection", "article", "blog", "page"}

// pageClosest is closest at a section: the page's own resources.
func pageClosest(state *pageState) map[string]any {
	out := map[string]any{}
	for _, name := range closestResources {
		if v, ok := state.page.Objects[name]; ok {
			out[name] = v
		}
	}
	return out
}

// contentForTag is {% content_for 'blocks' %} and {% content_for 'block',
// type: 'x', id: 'y', name: value %}; closest.product: value (and the
// like) sets what the children see as closest.product, and other named
// arguments are variables of a static block.
func (t *Theme) contentForTag(source string) (func(io.Writer, render.Context) error, error) {
	args, err := parseTagArgs("content_for", source)
	if err != nil {
		return nil, err
	}
	var typ, id string
	var closest, params []namedArg
	for _, a := range args.named {
		switch {
		case a.name == "type" || a.name == "id":
			if args.name != "block" {
				return nil, fmt.Errorf("content_for '%s' takes no %s", args.name, a.name)
			}
			literal, err := literalString(source, a.name)
			if err != nil {
				return nil, err
			}
			if a.name == "type" {
				typ = literal
			} else {
				id = literal
			}
		case strings.HasPrefix(a.name, "closest."):
			closest = append(closest, namedArg{strings.TrimPrefix(a.name, "closest."), a.value})
		default:
			params = append(params, a)
		}
	}
	switch args.name {
	case "blocks":
	case "block":
		if typ == "" || id == "" {
			return nil, fmt.Errorf("content_for 'block' needs a type and an id, as in {%% content_for 'block', type: 'text', id: 'heading' %%}")
		}
	default:
		return nil, fmt.Errorf("content_for: unknown kind %q (blocks or block)", args.name)
	}
	return func(w io.Writer, ctx render.Context) error {
		parent, ok := ctx.Get(blockParentBinding).(*blockParent)
		if !ok {
			return ctx.Errorf("content_for: only a section or a block has blocks")
		}
		children := *parent
		children.closest = maps.Clone(parent.closest)
		for _, c := range closest {
			v, err := ctx.Evaluate(c.value)
			if err != nil {
				return err
			}
			children.closest[c.name] = v
		}
		state := stateOf(ctx.Bindings())
		if args.name == "blocks" {
			for _, key := range parent.blockOrder {
				if b, ok := parent.blocks[key]; ok && !b.Disabled && !b.Static {
					if err := t.renderThemeBlock(w, state, &children, key, b, nil); err != nil {
						return err
					}
				}
			}
			return nil
		}
		b, ok := parent.blocks[id]
		if !ok {
			b = templateBlock{Type: typ}
		}
		if b.Disabled {
			return nil
		}
		b.Type = typ
		variables := map[string]any{}
		for _, p := range params {
			v, err := ctx.Evaluate(p.value)
			if err != nil {
				return err
			}
			variables[p.name] = v
		}
		return t.renderThemeBlock(w, state, &children, id, b, variables)
	}, nil
}

// literalString reads the string literal of a named argument.
func literalString(source, name string) (string, error) {
	for _, part := range splitTopLevel(source) {
		key, value, ok := strings.Cut(part, ":")
		if !ok || strings.TrimSpace(key) != name {
			continue
		}
		if m := quotedName.FindStringSubmatch(value); m != nil {
			return m[1] + m[2], nil
		}
	}
	return "", fmt.Errorf("content_for: %s must be a quoted string", name)
}

// renderThemeBlock renders a block of parent in Shopify's wrapper: a theme
// block from blocks/, or an app block of the app extension. The block sees
// the global objects, its section, itself, closest and the variables
// passed to it.
func (t *Theme) renderThemeBlock(w io.Writer, state *pageState, parent *blockParent, id string, b templateBlock, variables map[string]any) error {
	if name, ok := t.app.blockOf(b.Type); ok {
		block := &blockObject{ID: id, Type: appBlockType, appBlock: name,
			Settings: resolveSettings(t.app.blocks[name].Settings, b.Settings, state.page.Resolve)}
		if _, err := fmt.Fprintf(w, `<div id="shopify-block-%s" class="shopify-block shopify-app-block">`, html.EscapeString(id)); err != nil {
			return err
		}
		if err := t.app.renderBlock(w, state, block, parent.section); err != nil {
			return err
		}
		_, err := io.WriteString(w, "</div>")
		return err
	}
	node, ok := t.files["blocks/"+b.Type+".liquid"]
	if !ok {
		return fmt.Errorf("content_for: the theme has no block %q (blocks/%s.liquid)", b.Type, b.Type)
	}
	schema := t.blockSchemas[b.Type]
	block, err := t.newThemeBlock(state, id, b, parent.closest)
	if err != nil {
		return err
	}
	bindings := snippetBindings(state, parent.section)
	maps.Copy(bindings, variables)
	bindings["block"] = block
	bindings["closest"] = parent.closest
	bindings[blockParentBinding] = &blockParent{section: parent.section, blocks: b.Blocks, blockOrder: b.BlockOrder, closest: parent.closest}
	var tag string
	if len(schema.Tag) == 0 {
		tag = "div"
	} else if err := json.Unmarshal(schema.Tag, &tag); err != nil && string(schema.Tag) != "null" {
		return fmt.Errorf("blocks/%s.liquid: {%% schema %%}: tag: %w", b.Type, err)
	}
	if tag == "" {
		return renderNode(w, node, bindings)
	}
	class := strings.TrimSpace("shopify-block " + schema.Class)
	if _, err := fmt.Fprintf(w, `<%s id="shopify-block-%s" class="%s">`, tag, html.EscapeString(id), html.EscapeString(class)); err != nil {
		return err
	}
	if err := renderNode(w, node, bindings); err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "</%s>", tag)
	return err
}

// newThemeBlock is Liquid's block for a theme block, with its settings and
// its children (block.blocks), in order.
func (t *Theme) newThemeBlock(state *pageState, id string, b templateBlock, closest map[string]any) (*blockObject, error) {
	settings := resolveSettings(t.blockSchemas[b.Type].Settings, b.Settings, state.page.Resolve)
	if err := connectDynamicSources(state, settings, map[string]any{"closest": closest}); err != nil {
		return nil, fmt.Errorf("theme: block %s: %w", id, err)
	}
	block := &blockObject{ID: id, Type: b.Type, Settings: settings}
	for _, key := range b.BlockOrder {
		child, ok := b.Blocks[key]
		if !ok || child.Disabled {
			continue
		}
		c, err := t.newThemeBlock(state, key, child, closest)
		if err != nil {
			return nil, err
		}
		block.Blocks = append(block.Blocks, c)
	}
	return block, nil
}
