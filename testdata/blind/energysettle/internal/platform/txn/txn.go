// Package txn defines the unit-of-work abstraction services use to group
// repository calls into one database transaction without depending on gorm.
package txn

import "context"

// Runner runs fn inside a single transaction. The repositories handed to fn
// are bound to that transaction; if fn returns an error everything written
// through them is rolled back.
type Runner[R any] interface {
	Do(ctx context.Context, fn func(repos R) error) error
}

// Func adapts a plain function to Runner; handy in tests.
type Func[R any] func(ctx context.Context, fn func(repos R) error) error

// Do implements Runner.
func (f Func[R]) Do(ctx context.Context, fn func(repos R) error) error { return f(ctx, fn) }
