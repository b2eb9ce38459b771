package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/harborlight-symphony/encore/internal/clients/mailhouse"
	"github.com/harborlight-symphony/encore/internal/domain"
	"github.com/harborlight-symphony/encore/internal/subscription"
)

// SubscriptionService is the subscription API's view of the domain.
type SubscriptionService interface {
	Create(ctx context.Context, req subscription.CreateRequest) (*domain.Subscription, bool, error)
	Get(ctx context.Context, id string) (*domain.Subscription, error)
	Fulfil(ctx context.Context, subID string, req subscription.FulfilRequest) (*domain.Fulfilment, error)
}

type subscriptionHandlers struct {
	svc SubscriptionService
}

type createSubscriptionBody struct {
	PatronID        string  `json:"patron_id" binding:"required"`
	SeasonID        string  `json:"season_id" binding:"required"`
	PackageCode     string  `json:"package_code" binding:"required"`
	Seats           int     `json:"seats" binding:"required"`
	Installments    int     `json:"installments"`
	PaymentMethodID string  `json:"payment_method_id" binding:"required"`
	FirstChargeOn   *string `json:"first_charge_on"`
}

type subscriptionView struct {
	ID           string `json:"id"`
	PatronID     string `json:"patron_id"`
	SeasonID     string `json:"season_id"`
	PackageCode  string `json:"package_code"`
	Seats        int    `json:"seats"`
	TotalCents   int64  `json:"total_cents"`
	PaidCents    int64  `json:"paid_cents"`
	Installments int    `json:"installments"`
	Status       string `json:"status"`
}

func viewSubscription(s *domain.Subscription) subscriptionView {
	return subscriptionView{
		ID: s.ID, PatronID: s.PatronID, SeasonID: s.SeasonID, PackageCode: s.PackageCode,
		Seats: s.SeatCount, TotalCents: s.TotalCents, PaidCents: s.PaidCents,
		Installments: s.InstallmentCount, Status: s.Status,
	}
}

func (h *subscriptionHandlers) create(c *gin.Context) {
	body, ok := bind[createSubscriptionBody](c)
	if !ok {
		return
	}
	req := subscription.CreateRequest{
		PatronID:         body.PatronID,
		SeasonID:         body.SeasonID,
		PackageCode:      body.PackageCode,
		SeatCount:        body.Seats,
		InstallmentCount: body.Installments,
		PaymentMethodID:  body.PaymentMethodID,
	}
	if req.InstallmentCount == 0 {
		req.InstallmentCount = 1
	}
	if body.FirstChargeOn != nil {
		d, err := time.Parse(time.DateOnly, *body.FirstChargeOn)
		if err != nil {
			fail(c, domain.Invalid("first_charge_on", "must be YYYY-MM-DD"))
			return
		}
		req.FirstChargeOn = &d
	}
	sub, created, err := h.svc.Create(c.Request.Context(), req)
	if err != nil {
		fail(c, err)
		return
	}
	status := http.StatusCreated
	if !created {
		status = http.StatusOK
	}
	c.JSON(status, viewSubscription(sub))
}

func (h *subscriptionHandlers) get(c *gin.Context) {
	sub, err := h.svc.Get(c.Request.Context(), c.Param("id"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, viewSubscription(sub))
}

type fulfilBody struct {
	ShipMethod string            `json:"ship_method"`
	ShipTo     mailhouse.Address `json:"ship_to" binding:"required"`
}

func (h *subscriptionHandlers) fulfil(c *gin.Context) {
	body, ok := bind[fulfilBody](c)
	if !ok {
		return
	}
	f, err := h.svc.Fulfil(c.Request.Context(), c.Param("id"), subscription.FulfilRequest{
		ShipMethod: body.ShipMethod,
		ShipTo:     body.ShipTo,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{
		"fulfilment_id": f.ID,
		"vendor_job_id": f.VendorJobID,
		"ship_method":   f.ShipMethod,
	})
}
