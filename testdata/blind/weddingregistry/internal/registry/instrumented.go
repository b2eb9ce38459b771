package registry

import (
	"context"

	"github.com/tiedknot/registry/internal/db"
	"github.com/tiedknot/registry/internal/platform/metrics"
)

const svcName = "registry"

type instrumented struct {
	next Service
	rec  *metrics.Recorder
}

// WithMetrics decorates a Service with call counters and latency histograms.
func WithMetrics(next Service, rec *metrics.Recorder) Service {
	return &instrumented{next: next, rec: rec}
}

func (m *instrumented) CreateRegistry(ctx context.Context, ownerID string, in CreateRegistryInput) (db.Registry, bool, error) {
	var created bool
	reg, err := metrics.Track(m.rec, svcName, "CreateRegistry", func() (db.Registry, error) {
		var (
			r   db.Registry
			err error
		)
		r, created, err = m.next.CreateRegistry(ctx, ownerID, in)
		return r, err
	})
	return reg, created, err
}

func (m *instrumented) GetOwned(ctx context.Context, ownerID, registryID string) (db.Registry, error) {
	return metrics.Track(m.rec, svcName, "GetOwned", func() (db.Registry, error) {
		return m.next.GetOwned(ctx, ownerID, registryID)
	})
}

func (m *instrumented) Publish(ctx context.Context, ownerID, registryID string) (db.Registry, error) {
	return metrics.Track(m.rec, svcName, "Publish", func() (db.Registry, error) {
		return m.next.Publish(ctx, ownerID, registryID)
	})
}

func (m *instrumented) AddItem(ctx context.Context, ownerID, registryID string, in AddItemInput) (db.RegistryItem, error) {
	return metrics.Track(m.rec, svcName, "AddItem", func() (db.RegistryItem, error) {
		return m.next.AddItem(ctx, ownerID, registryID, in)
	})
}

func (m *instrumented) UpdateItem(ctx context.Context, ownerID, registryID, itemID string, in UpdateItemInput) (db.RegistryItem, error) {
	return metrics.Track(m.rec, svcName, "UpdateItem", func() (db.RegistryItem, error) {
		return m.next.UpdateItem(ctx, ownerID, registryID, itemID, in)
	})
}

func (m *instrumented) RemoveItem(ctx context.Context, ownerID, registryID, itemID string) error {
	return metrics.TrackErr(m.rec, svcName, "RemoveItem", func() error {
		return m.next.RemoveItem(ctx, ownerID, registryID, itemID)
	})
}

func (m *instrumented) CreateGroupGift(ctx context.Context, ownerID, registryID string, in GroupGiftInput) (db.GroupGift, error) {
	return metrics.Track(m.rec, svcName, "CreateGroupGift", func() (db.GroupGift, error) {
		return m.next.CreateGroupGift(ctx, ownerID, registryID, in)
	})
}

func (m *instrumented) CreateCashFund(ctx context.Context, ownerID, registryID string, in CashFundInput) (db.CashFund, error) {
	return metrics.Track(m.rec, svcName, "CreateCashFund", func() (db.CashFund, error) {
		return m.next.CreateCashFund(ctx, ownerID, registryID, in)
	})
}

func (m *instrumented) ClaimOffRegistry(ctx context.Context, registryID, itemID string, in ClaimInput) (db.OffRegistryClaim, error) {
	return metrics.Track(m.rec, svcName, "ClaimOffRegistry", func() (db.OffRegistryClaim, error) {
		return m.next.ClaimOffRegistry(ctx, registryID, itemID, in)
	})
}
