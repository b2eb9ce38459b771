// Package xcardgw adapts the card client to the program's port: the
// key its callers give becomes an option a helper makes, when there is
// one.
package xcardgw

import (
	"context"

	"missingkey/xcardopts"
)

// Authorization is what the program asks for.
type Authorization struct {
	Token          string
	Amount         int64
	IdempotencyKey string
}

// Gateway is the card processor as the program sees it.
type Gateway struct{ Client *xcardopts.Client }

func keyOpts(key string) []xcardopts.CallOption {
	if key == "" {
		return nil
	}
	return []xcardopts.CallOption{xcardopts.WithIdempotencyKey(key)}
}

// Authorize holds the amount, under the caller's key.
func (g *Gateway) Authorize(ctx context.Context, a Authorization) error {
	return g.Client.Authorize(ctx, xcardopts.AuthorizeRequest{Token: a.Token, Amount: a.Amount}, keyOpts(a.IdempotencyKey)...)
}
