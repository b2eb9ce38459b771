// Command boxoffice-consumer applies box-office events from Kafka.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/harborlight-symphony/encore/internal/app"
	"github.com/harborlight-symphony/encore/internal/config"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		fmt.Fprintln(os.Stderr, "consumer:", err)
		os.Exit(1)
	}
	c, cleanup, err := app.InitializeConsumer(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "consumer:", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	c.Log.Info("consumer starting", "topic", cfg.KafkaTopic, "group", cfg.KafkaGroupID)
	err = c.Runner.Run(ctx)
	stop()
	cleanup()
	if err != nil {
		// Exit non-zero so the supervisor restarts us from the last
		// committed offset.
		fmt.Fprintln(os.Stderr, "consumer:", err)
		os.Exit(1)
	}
}
