package httpapi

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/sponsorship"
)

const scopeManualPayment = "instalment-manual-payment"

type sponsorHandlers struct {
	svc  sponsorship.Service
	idem IdempotencyStore
}

type purchaseRequest struct {
	Conference  string `json:"conference"`
	PackageCode string `json:"package_code"`
}

type manualPaymentRequest struct {
	Method      string `json:"method"`
	AmountCents int64  `json:"amount_cents"`
	Reference   string `json:"reference"`
	ReceivedOn  string `json:"received_on"`
}

func (h *sponsorHandlers) purchase(c echo.Context) error {
	sponsorID, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	body, err := bind[purchaseRequest](c)
	if err != nil {
		return err
	}
	sp, err := h.svc.Purchase(c.Request().Context(), sponsorship.PurchaseInput{
		SponsorID:      sponsorID,
		ConferenceSlug: body.Conference,
		PackageCode:    body.PackageCode,
		IdempotencyKey: c.Request().Header.Get("Idempotency-Key"),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, sp)
}

func (h *sponsorHandlers) instalments(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	out, err := h.svc.Instalments(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// recordPayment is used by the finance back office. The client sends an
// Idempotency-Key and we replay the stored response for a repeated key.
func (h *sponsorHandlers) recordPayment(c echo.Context) error {
	ctx := c.Request().Context()
	key := c.Request().Header.Get("Idempotency-Key")
	if key == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header required")
	}
	if rec, err := h.idem.Lookup(ctx, scopeManualPayment, key); err != nil {
		return err
	} else if rec != nil {
		return c.JSONBlob(rec.ResponseStatus, rec.ResponseBody)
	}

	instalmentID, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	body, err := bind[manualPaymentRequest](c)
	if err != nil {
		return err
	}
	received, err := time.Parse(time.DateOnly, body.ReceivedOn)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "received_on must be YYYY-MM-DD")
	}

	payment, err := h.svc.RecordManualPayment(ctx, sponsorship.ManualPaymentInput{
		InstalmentID: instalmentID,
		Method:       body.Method,
		AmountCents:  body.AmountCents,
		Reference:    body.Reference,
		ReceivedOn:   received,
		RecordedBy:   c.Request().Header.Get("X-Staff-User"),
	})
	if err != nil {
		return err
	}

	out, err := json.Marshal(payment)
	if err != nil {
		return err
	}
	if err := h.idem.Save(ctx, &domain.IdempotencyRecord{
		Scope:          scopeManualPayment,
		Key:            key,
		ResponseStatus: http.StatusCreated,
		ResponseBody:   out,
		CreatedAt:      time.Now().UTC(),
	}); err != nil {
		return err
	}
	return c.JSONBlob(http.StatusCreated, out)
}
