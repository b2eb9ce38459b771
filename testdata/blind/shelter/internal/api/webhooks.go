package api

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/brindlewood-labs/shelternet/internal/domain"
	"github.com/brindlewood-labs/shelternet/internal/intake"
	"github.com/brindlewood-labs/shelternet/internal/notify"
	"github.com/brindlewood-labs/shelternet/internal/supply"
)

type IntakeService interface {
	Receive(ctx context.Context, n intake.Notice) (string, error)
	Cancel(ctx context.Context, partnerID, transferID string) error
}

type DonationRecorder interface {
	Record(ctx context.Context, d domain.Donation) (domain.Donation, bool, error)
}

type ThankYouSender interface {
	DonationThanks(ctx context.Context, d domain.Donation) error
}

// WebhookHandlers receives partner callbacks. RescueLink and the giving
// platform retry any non-2xx (and any response slower than 10 s) with
// backoff for up to three days; VetSource retries for 24 hours.
type WebhookHandlers struct {
	intake    IntakeService
	donations DonationRecorder
	thanks    ThankYouSender
	supply    SupplyService
	log       *slog.Logger

	partnerEvents map[string]func(c echo.Context, partnerID string, raw json.RawMessage) error
}

func NewWebhookHandlers(in *intake.Service, donations DonationRecorder, n *notify.Notifier, sup *supply.Service, log *slog.Logger) *WebhookHandlers {
	h := &WebhookHandlers{intake: in, donations: donations, thanks: n, supply: sup, log: log}
	h.partnerEvents = map[string]func(echo.Context, string, json.RawMessage) error{
		"transfer.created":   h.transferCreated,
		"transfer.cancelled": h.transferCancelled,
	}
	return h
}

type partnerEnvelope struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

// PartnerTransfer dispatches RescueLink transfer events by type.
func (h *WebhookHandlers) PartnerTransfer(c echo.Context) error {
	env, err := bind[partnerEnvelope](c)
	if err != nil {
		return err
	}
	handle, ok := h.partnerEvents[env.Type]
	if !ok {
		// Unknown event types are acknowledged so RescueLink stops sending them.
		return c.NoContent(http.StatusNoContent)
	}
	return handle(c, c.Param("partner"), env.Data)
}

type transferCreated struct {
	TransferID      string `json:"transfer_id"`
	ExpectedArrival string `json:"expected_arrival"`
	Animal          struct {
		Name       string `json:"name"`
		Species    string `json:"species"`
		Breed      string `json:"breed"`
		ChipNumber string `json:"chip_number"`
	} `json:"animal"`
}

func (h *WebhookHandlers) transferCreated(c echo.Context, partnerID string, raw json.RawMessage) error {
	var p transferCreated
	if err := json.Unmarshal(raw, &p); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad transfer payload")
	}
	n := intake.Notice{
		PartnerID:  partnerID,
		TransferID: p.TransferID,
		Name:       p.Animal.Name,
		Species:    p.Animal.Species,
		Breed:      p.Animal.Breed,
		ChipNumber: strings.TrimSpace(p.Animal.ChipNumber),
	}
	if p.ExpectedArrival != "" {
		t, err := time.Parse(time.DateOnly, p.ExpectedArrival)
		if err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "expected_arrival must be YYYY-MM-DD")
		}
		n.ExpectedArrival = &t
	}
	animalID, err := h.intake.Receive(c.Request().Context(), n)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]string{"animal_id": animalID})
}

func (h *WebhookHandlers) transferCancelled(c echo.Context, partnerID string, raw json.RawMessage) error {
	var p struct {
		TransferID string `json:"transfer_id"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad cancel payload")
	}
	if err := h.intake.Cancel(c.Request().Context(), partnerID, p.TransferID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

type givingEvent struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Donation struct {
		ID          string `json:"id"`
		AmountCents int64  `json:"amount"`
		Currency    string `json:"currency"`
		Campaign    string `json:"campaign"`
		CreatedAt   int64  `json:"created"`
		Donor       struct {
			Name  string `json:"name"`
			Email string `json:"email"`
		} `json:"donor"`
	} `json:"donation"`
}

// Donation receives "donation.succeeded" from the giving platform.
func (h *WebhookHandlers) Donation(c echo.Context) error {
	ev, err := bind[givingEvent](c)
	if err != nil {
		return err
	}
	if ev.Type != "donation.succeeded" {
		return c.NoContent(http.StatusNoContent)
	}
	d := domain.Donation{
		Platform:    "giving",
		ExternalID:  ev.Donation.ID,
		DonorEmail:  ev.Donation.Donor.Email,
		DonorName:   ev.Donation.Donor.Name,
		AmountCents: ev.Donation.AmountCents,
		Currency:    strings.ToLower(ev.Donation.Currency),
		Campaign:    ev.Donation.Campaign,
		ReceivedAt:  time.Unix(ev.Donation.CreatedAt, 0).UTC(),
	}
	ctx := c.Request().Context()

	// Donors expect the thank-you within seconds of giving; the formal
	// receipt follows from the receipts consumer.
	if err := h.thanks.DonationThanks(ctx, d); err != nil {
		h.log.Warn("donation thank-you", "external_id", d.ExternalID, "err", err)
	}

	rec, created, err := h.donations.Record(ctx, d)
	if err != nil {
		return fmt.Errorf("record donation %s: %w", d.ExternalID, err)
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return c.JSON(status, map[string]string{"donation_id": rec.ID})
}

type deliveryRequest struct {
	DeliveryID  string         `json:"delivery_id"`
	OrderID     string         `json:"order_id"`
	DeliveredAt time.Time      `json:"delivered_at"`
	Items       map[string]int `json:"items"`
}

// Delivery receives VetSource's shipment-delivered callback.
func (h *WebhookHandlers) Delivery(c echo.Context) error {
	req, err := bind[deliveryRequest](c)
	if err != nil {
		return err
	}
	if req.OrderID == "" || len(req.Items) == 0 {
		return echo.NewHTTPError(http.StatusBadRequest, "order_id and items are required")
	}
	err = h.supply.HandleDelivery(c.Request().Context(), supply.DeliveryNotice{
		DeliveryID:  req.DeliveryID,
		OrderID:     req.OrderID,
		Lines:       req.Items,
		DeliveredAt: req.DeliveredAt,
	})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusAccepted)
}
