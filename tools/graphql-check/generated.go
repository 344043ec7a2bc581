package main

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/Khan/genqlient/generate"
)

// genqlientConfig is the configuration of the typed Admin API client that
// genqlient generates from internal/shopify's .graphql files.
const genqlientConfig = "internal/shopify/genqlient.yaml"

// writeSchemaLanguage writes the Admin API's schema, read from its gzipped
// introspection result, in the schema definition language to out, where
// genqlient.yaml has genqlient read it. The schema is Shopify's and is not
// committed: out is in the git-ignored .cache/.
func writeSchemaLanguage(adminPath, out string) error {
	sdl, err := readSchemaLanguage(adminPath)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	return os.WriteFile(out, []byte(sdl), 0o644)
}

// checkGenerated generates the typed client again from the .graphql files
// and the Admin schema adminSDL, in memory, and names each generated file
// that differs from the one committed: committed, so that building needs
// neither Shopify's schema nor genqlient, and checked here, so that it cannot
// fall behind its .graphql files.
func checkGenerated(root, adminSDL string) ([]problem, error) {
	config, err := generate.ReadAndValidateConfig(filepath.Join(root, genqlientConfig))
	if err != nil {
		return nil, err
	}
	schemaFile, err := os.CreateTemp("", "shopify-admin-*.graphql")
	if err != nil {
		return nil, err
	}
	defer os.Remove(schemaFile.Name())
	if _, err := schemaFile.WriteString(adminSDL); err != nil {
		return nil, err
	}
	if err := schemaFile.Close(); err != nil {
		return nil, err
	}
	config.Schema = []string{schemaFile.Name()}
	files, err := generate.Generate(config)
	if err != nil {
		return []problem{{file: genqlientConfig, message: "genqlient cannot generate the client: " + err.Error()}}, nil
	}
	var problems []problem
	for _, path := range slices.Sorted(maps.Keys(files)) {
		committed, err := os.ReadFile(path)
		if err != nil && !os.IsNotExist(err) {
			return nil, err
		}
		if !bytes.Equal(committed, files[path]) {
			rel, _ := filepath.Rel(root, path)
			problems = append(problems, problem{file: filepath.ToSlash(rel),
				message: "not what genqlient generates from the .graphql files and Shopify's schema; generate it again with make generate"})
		}
	}
	return problems, nil
}
