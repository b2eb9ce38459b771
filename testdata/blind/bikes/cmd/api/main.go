// Command api serves the rider app, the ops console and provider webhooks.
package main

import (
	"context"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/cyclegrid/bikeshare/internal/config"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	srv, cleanup, err := initializeServer(ctx, cfg)
	if err != nil {
		log.Fatalf("init: %v", err)
	}
	defer cleanup()

	errc := make(chan error, 1)
	go func() { errc <- srv.Start() }()

	select {
	case err := <-errc:
		if err != nil {
			log.Printf("server stopped: %v", err)
		}
	case <-ctx.Done():
		if err := srv.Shutdown(context.Background()); err != nil {
			log.Printf("shutdown: %v", err)
		}
	}
}
