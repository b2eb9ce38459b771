// Command worker runs the Pub/Sub subscribers and the asynq job server.
package main

import (
	"go.uber.org/fx"

	"github.com/learnloop/tutoring/internal/app"
)

func main() {
	fx.New(app.Core, app.Worker).Run()
}
