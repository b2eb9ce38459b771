// Package tokens makes the tokens app.Tokens stands for.
package tokens

import (
	"context"
	"strconv"
	"time"

	"example.com/wired/app"
)

type Maker struct{}

func (Maker) New(ctx context.Context) (app.Token, error) {
	return app.Token{ID: strconv.FormatInt(time.Now().UnixNano(), 36)}, nil
}
