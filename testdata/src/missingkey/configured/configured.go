package configured

import (
	"context"

	"example.com/carrier"
	"github.com/hibiken/asynq"
)

var c *carrier.Client

func book(ctx context.Context, t *asynq.Task) error {
	_, err := c.Book(ctx, &carrier.BookingRequest{OrderID: string(t.Payload())}) // want `a retry repeats the carrier booking: the input sets no Reference`
	return err
}

func bookKeyed(ctx context.Context, t *asynq.Task) error {
	_, err := c.Book(ctx, &carrier.BookingRequest{OrderID: string(t.Payload()), Reference: t.ResultWriter().TaskID()})
	return err
}

// Cancel is configured with no key mechanism: not reported.
func cancel(ctx context.Context, t *asynq.Task) error {
	return c.Cancel(ctx, string(t.Payload()))
}

// Retried by the team's own scheduler, named in the configuration.
func nightly(ctx context.Context) error {
	_, err := c.Book(ctx, &carrier.BookingRequest{}) // want `function marked retried nightly`
	return err
}
