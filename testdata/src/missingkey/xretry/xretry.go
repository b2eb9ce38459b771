// Package xretry is a program's own retry wrapper: it runs the
// operation until it succeeds, three times at most.
package xretry

import "context"

// Do runs op until it succeeds.
func Do(ctx context.Context, op func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}
