package decorators

import (
	"context"
	"time"

	"github.com/ridgeline-coffee/roastery/internal/metrics"
	"github.com/ridgeline-coffee/roastery/internal/models"
	"github.com/ridgeline-coffee/roastery/internal/roasting"
	"github.com/ridgeline-coffee/roastery/internal/wholesale"
)

// MeteredWholesale records call counts, errors and latency.
type MeteredWholesale struct {
	Next wholesale.Service
	M    metrics.Recorder
}

func (m MeteredWholesale) PlaceOrder(ctx context.Context, req wholesale.PlaceOrderRequest) (o *models.WholesaleOrder, err error) {
	defer func(t time.Time) { m.M.ObserveCall("wholesale.place_order", t, err) }(time.Now())
	return m.Next.PlaceOrder(ctx, req)
}

func (m MeteredWholesale) GetOrder(ctx context.Context, id string) (o *models.WholesaleOrder, err error) {
	defer func(t time.Time) { m.M.ObserveCall("wholesale.get_order", t, err) }(time.Now())
	return m.Next.GetOrder(ctx, id)
}

// MeteredRoasting records roasting calls.
type MeteredRoasting struct {
	Next roasting.Service
	M    metrics.Recorder
}

func (m MeteredRoasting) RecordBatch(ctx context.Context, req roasting.RecordBatchRequest) (b *models.RoastBatch, err error) {
	defer func(t time.Time) { m.M.ObserveCall("roasting.record_batch", t, err) }(time.Now())
	return m.Next.RecordBatch(ctx, req)
}

func (m MeteredRoasting) Adjust(ctx context.Context, req roasting.AdjustmentRequest) (inv *models.RoastedInventory, applied bool, err error) {
	defer func(t time.Time) { m.M.ObserveCall("roasting.adjust", t, err) }(time.Now())
	return m.Next.Adjust(ctx, req)
}

func (m MeteredRoasting) Inventory(ctx context.Context, sku string) (inv *models.RoastedInventory, err error) {
	defer func(t time.Time) { m.M.ObserveCall("roasting.inventory", t, err) }(time.Now())
	return m.Next.Inventory(ctx, sku)
}
