package carrier

import (
	"context"
	"log/slog"
	"time"
)

// API is the subset of the carrier client the services depend on.
type API interface {
	Account() string
	CreateLabel(ctx context.Context, req LabelRequest, opts ...CallOption) (*Label, error)
	CreateReturnLabel(ctx context.Context, req ReturnLabelRequest, opts ...CallOption) (*Label, error)
	BookPickup(ctx context.Context, req PickupRequest) (*Pickup, error)
	VoidLabel(ctx context.Context, trackingNumber string) error
}

var _ API = (*Client)(nil)

// Instrumented decorates an API with timing logs.
type Instrumented struct {
	Next   API
	Logger *slog.Logger
}

// Account returns the wrapped client's account.
func (i Instrumented) Account() string { return i.Next.Account() }

// CreateLabel logs and forwards.
func (i Instrumented) CreateLabel(ctx context.Context, req LabelRequest, opts ...CallOption) (*Label, error) {
	start := time.Now()
	l, err := i.Next.CreateLabel(ctx, req, opts...)
	i.log("create_label", req.Reference, start, err)
	return l, err
}

// CreateReturnLabel logs and forwards.
func (i Instrumented) CreateReturnLabel(ctx context.Context, req ReturnLabelRequest, opts ...CallOption) (*Label, error) {
	start := time.Now()
	l, err := i.Next.CreateReturnLabel(ctx, req, opts...)
	i.log("create_return_label", req.Reference, start, err)
	return l, err
}

// BookPickup logs and forwards.
func (i Instrumented) BookPickup(ctx context.Context, req PickupRequest) (*Pickup, error) {
	start := time.Now()
	p, err := i.Next.BookPickup(ctx, req)
	i.log("book_pickup", req.Location+"/"+req.Date, start, err)
	return p, err
}

// VoidLabel logs and forwards.
func (i Instrumented) VoidLabel(ctx context.Context, trackingNumber string) error {
	start := time.Now()
	err := i.Next.VoidLabel(ctx, trackingNumber)
	i.log("void_label", trackingNumber, start, err)
	return err
}

func (i Instrumented) log(op, ref string, start time.Time, err error) {
	if i.Logger == nil {
		return
	}
	attrs := []any{"op", op, "ref", ref, "took", time.Since(start)}
	if err != nil {
		i.Logger.Warn("carrier call failed", append(attrs, "err", err)...)
		return
	}
	i.Logger.Debug("carrier call", attrs...)
}
