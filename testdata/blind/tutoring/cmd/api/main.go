// Command api serves the Marketplace gRPC API, the tutor REST API and the
// vendor webhooks.
package main

import (
	"go.uber.org/fx"

	"github.com/learnloop/tutoring/internal/app"
)

func main() {
	fx.New(app.Core, app.API).Run()
}
