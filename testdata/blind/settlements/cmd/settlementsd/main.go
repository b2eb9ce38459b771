// Command settlementsd runs the settlement disbursement API and its
// background workers.
package main

import (
	"go.uber.org/fx"

	"github.com/trustwell/settlements/internal/app"
)

func main() {
	fx.New(app.Options()).Run()
}
