module github.com/idemlint/idemlint

go 1.25.0

require (
	github.com/aymanbagabas/go-udiff v0.4.2
	github.com/golangci/plugin-module-register v0.1.2
	github.com/google/go-cmp v0.7.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	go.yaml.in/yaml/v3 v3.0.4
	golang.org/x/tools v0.47.0
)

require (
	golang.org/x/mod v0.37.0 // indirect
	golang.org/x/sync v0.21.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)
