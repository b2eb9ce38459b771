// Package txn runs work in a unit the context carries.
package txn

import "context"

// Run runs fn.
func Run(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }
