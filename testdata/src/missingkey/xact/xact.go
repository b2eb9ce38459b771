// Package xact holds Temporal activities; a worker in another package
// registers them.
package xact

import (
	"context"
	"net/http"
	"net/url"
)

// Notify posts a decision without an idempotency key.
func Notify(ctx context.Context, id string) error {
	_, err := http.PostForm("https://expense.example/action", url.Values{"id": {id}})
	return err
}
