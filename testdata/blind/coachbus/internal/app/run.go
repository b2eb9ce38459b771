package app

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"go.uber.org/dig"

	"github.com/northline/coachbus/internal/config"
)

// Main loads config, builds the container and calls fn with a context that
// is cancelled on SIGINT/SIGTERM. It returns the process exit code.
func Main(fn func(ctx context.Context, c Container) error) int {
	cfg, err := config.Load()
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 2
	}
	dc, err := NewContainer(cfg)
	if err != nil {
		os.Stderr.WriteString("wiring: " + err.Error() + "\n")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := fn(ctx, Container{dc}); err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	return 0
}

// Container is a thin wrapper so binaries do not import dig directly.
type Container struct {
	c *dig.Container
}

// Invoke runs fn with its parameters resolved from the container.
func (c Container) Invoke(fn any) error {
	return c.c.Invoke(fn)
}
