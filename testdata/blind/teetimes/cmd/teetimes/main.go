// Command teetimes runs the Fairway Links booking platform: the HTTP API,
// the river workers and the POS event consumer in one process.
package main

import (
	"go.uber.org/fx"

	"github.com/fairwaylinks/teetimes/internal/app"
)

func main() {
	fx.New(app.Options()).Run()
}
