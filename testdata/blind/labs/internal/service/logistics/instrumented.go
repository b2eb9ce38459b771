package logistics

import (
	"context"
	"log/slog"
	"time"

	"github.com/meridianlabs/labs/internal/providers/courier"
)

// InstrumentedBooker logs courier calls and their latency.
type InstrumentedBooker struct {
	Next Booker
	Log  *slog.Logger
}

// Book implements Booker.
func (b InstrumentedBooker) Book(ctx context.Context, req courier.BookingRequest, opts ...courier.CallOption) (*courier.Booking, error) {
	start := time.Now()
	booking, err := b.Next.Book(ctx, req, opts...)
	attrs := []any{"reference", req.Reference, "zone", req.Zone, "dur_ms", time.Since(start).Milliseconds()}
	if err != nil {
		b.Log.WarnContext(ctx, "courier.book failed", append(attrs, "err", err)...)
		return nil, err
	}
	b.Log.InfoContext(ctx, "courier.book", append(attrs, "booking_id", booking.ID)...)
	return booking, nil
}
