package handlers

import (
	"context"
	"errors"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/kafkaconsumer"
	"github.com/depotworks/depot/internal/service"
)

func (h *handlers) returnReceived(ctx context.Context, rc service.ReturnReceipt) error {
	err := h.Returns.Receive(ctx, rc)
	if errors.Is(err, domain.ErrNotFound) {
		return kafkaconsumer.Permanent(err)
	}
	return err
}

func (h *handlers) cycleCounted(ctx context.Context, c service.CycleCount) error {
	return h.Stock.ApplyCycleCount(ctx, c)
}

func (h *handlers) dockScanned(ctx context.Context, scan service.DockScan) error {
	sess, err := h.Receiving.StartReceiving(ctx, scan)
	if err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return kafkaconsumer.Permanent(err)
		}
		return err
	}
	h.Logger.Info("receiving started", "asn", scan.ASNID, "dock", scan.Dock, "session", sess.ID)
	return nil
}
