package tracking

import (
	"context"
	"errors"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/service"
)

// Updates is the tracking service as seen by the poller.
type Updates interface {
	RecordScan(ctx context.Context, u service.CarrierUpdate) error
	OutForDelivery(ctx context.Context, u service.CarrierUpdate) error
	Delivered(ctx context.Context, u service.CarrierUpdate) error
}

// Routes maps carrier statuses to handlers.
func Routes(svc Updates) map[string]Handler {
	h := routeSet{svc: svc}
	return map[string]Handler{
		"accepted":            h.scan,
		"in_transit":          h.scan,
		"arrived_at_facility": h.scan,
		"departed_facility":   h.scan,
		"exception":           h.scan,
		"out_for_delivery":    h.outForDelivery,
		"delivered":           h.delivered,
	}
}

type routeSet struct {
	svc Updates
}

func (r routeSet) scan(ctx context.Context, u service.CarrierUpdate) error {
	return unknownIsSkip(r.svc.RecordScan(ctx, u))
}

func (r routeSet) outForDelivery(ctx context.Context, u service.CarrierUpdate) error {
	return unknownIsSkip(r.svc.OutForDelivery(ctx, u))
}

func (r routeSet) delivered(ctx context.Context, u service.CarrierUpdate) error {
	return r.svc.Delivered(ctx, u)
}

// Updates for labels bought outside the depot (merchant-supplied labels)
// arrive on the same feed and are dropped.
func unknownIsSkip(err error) error {
	if errors.Is(err, domain.ErrNotFound) {
		return ErrSkip
	}
	return err
}
