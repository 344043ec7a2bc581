package shopifydev

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"knitfront/internal/shopify"
)

// shopID is the stand-in shop's id, the owner of its shop metafields.
const shopID = "gid://shopify/Shop/1"

// metafieldValue is a metafield as the stand-in keeps it.
type metafieldValue struct {
	Type, Value string
}

// metafieldKey names a metafield: its owner, namespace and key.
type metafieldKey struct {
	owner, namespace, key string
}

func (s *Server) shopID(map[string]any, *http.Request) (any, int) {
	return map[string]any{"shop": map[string]any{"id": shopID}}, 0
}

// metafieldsSet writes metafields as Shopify does: at most 25, each owned by
// a variant the shop has or by the shop, with a namespace, a key and a type,
// a json value that parses; all of them or, on any error, none.
func (s *Server) metafieldsSet(vars map[string]any, _ *http.Request) (any, int) {
	raw, err := json.Marshal(vars["metafields"])
	var inputs []shopify.Metafield
	if err == nil {
		err = json.Unmarshal(raw, &inputs)
	}
	var userErrors []map[string]any
	refuse := func(i int, field, message string) {
		userErrors = append(userErrors, map[string]any{
			"field": []string{"metafields", fmt.Sprint(i), field}, "message": message, "code": "INVALID", "elementIndex": i,
		})
	}
	switch {
	case err != nil:
		refuse(0, "value", "metafields is not a list of MetafieldsSetInput")
	case len(inputs) > 25:
		refuse(25, "ownerId", "Exceeded the maximum metafields input limit of 25.")
	}
	for i, in := range inputs {
		switch {
		case !s.ownsMetafields(in.OwnerID):
			refuse(i, "ownerId", "Owner does not exist.")
		case len(in.Namespace) < 3 || len(in.Key) < 2:
			refuse(i, "key", "Namespace must be at least 3 and key at least 2 characters long.")
		case in.Type == "":
			refuse(i, "type", "Type can't be blank.")
		case in.Type == "json" && !json.Valid([]byte(in.Value)):
			refuse(i, "value", "Value is invalid JSON.")
		}
	}
	if len(userErrors) > 0 {
		return map[string]any{"metafieldsSet": map[string]any{"metafields": nil, "userErrors": userErrors}}, 0
	}
	if s.metafields == nil {
		s.metafields = map[metafieldKey]metafieldValue{}
	}
	written := make([]map[string]any, len(inputs))
	for i, in := range inputs {
		s.metafields[metafieldKey{in.OwnerID, in.Namespace, in.Key}] = metafieldValue{Type: in.Type, Value: in.Value}
		ownerType := "SHOP"
		if in.OwnerID != shopID {
			ownerType = "PRODUCTVARIANT"
		}
		written[i] = map[string]any{"ownerType": ownerType, "namespace": in.Namespace, "key": in.Key}
	}
	return map[string]any{"metafieldsSet": map[string]any{"metafields": written, "userErrors": []any{}}}, len(inputs)
}

// ownsMetafields reports whether id is the shop's or one of its variants'.
func (s *Server) ownsMetafields(id string) bool {
	if id == shopID {
		return true
	}
	if !strings.HasPrefix(id, "gid://shopify/ProductVariant/") {
		return false
	}
	for _, p := range s.shop.products {
		for _, v := range p.Variants {
			if gidOf("ProductVariant", v.ID) == id {
				return true
			}
		}
	}
	return false
}

// VariantMetafield returns the variant's metafield as last written, and
// false when none is.
func (s *Server) VariantMetafield(variantID int64, namespace, key string) (typ, value string, ok bool) {
	return s.metafield(gidOf("ProductVariant", variantID), namespace, key)
}

// ShopMetafield returns the shop's metafield as last written, and false when
// none is.
func (s *Server) ShopMetafield(namespace, key string) (typ, value string, ok bool) {
	return s.metafield(shopID, namespace, key)
}

func (s *Server) metafield(owner, namespace, key string) (string, string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.metafields[metafieldKey{owner, namespace, key}]
	return m.Type, m.Value, ok
}
