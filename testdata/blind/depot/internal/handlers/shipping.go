package handlers

import (
	"context"
	"errors"

	"github.com/depotworks/depot/internal/carrier"
	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/kafkaconsumer"
	"github.com/depotworks/depot/internal/service"
)

func carrierPermanent(err error) error {
	var ae *carrier.APIError
	if errors.As(err, &ae) && ae.Status >= 400 && ae.Status < 500 && ae.Status != 429 {
		return kafkaconsumer.Permanent(err)
	}
	return err
}

func (h *handlers) labelRequested(ctx context.Context, ev service.LabelRequestedEvent) error {
	_, err := h.Labels.PurchaseForPackage(ctx, ev)
	return carrierPermanent(err)
}

func (h *handlers) shipmentDispatched(ctx context.Context, d service.Dispatch) error {
	err := h.Dispatch.Dispatched(ctx, d)
	if errors.Is(err, domain.ErrNotFound) {
		return kafkaconsumer.Permanent(err)
	}
	return err
}

func (h *handlers) returnLabelRequested(ctx context.Context, ev service.ReturnLabelRequestedEvent) error {
	return carrierPermanent(h.Labels.IssueReturnLabel(ctx, ev))
}
