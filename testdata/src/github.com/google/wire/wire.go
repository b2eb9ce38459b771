// Package wire is a stub of github.com/google/wire's declarations.
package wire

// ProviderSet is a set of providers.
type ProviderSet struct{}

// NewSet declares a set of providers for the generator.
func NewSet(...interface{}) ProviderSet { return ProviderSet{} }

// Build declares an injector's providers for the generator.
func Build(...interface{}) string { return "" }
