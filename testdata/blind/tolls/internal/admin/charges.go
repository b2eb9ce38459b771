package admin

import (
	"context"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/northgate/tolls/internal/idem"
	"github.com/northgate/tolls/internal/service/billing"
)

// ChargeRoutes are the trip-charge back-office endpoints.
type ChargeRoutes struct {
	billing billing.Service
	idem    *idem.Store
}

// NewChargeRoutes returns ChargeRoutes.
func NewChargeRoutes(b billing.Service, store *idem.Store) *ChargeRoutes {
	return &ChargeRoutes{billing: b, idem: store}
}

// Register implements Route.
func (r *ChargeRoutes) Register(g *echo.Group, _ *echo.Echo) {
	g.POST("/charges/:id/refund", r.refund)
}

type refundRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

func (r *ChargeRoutes) refund(c echo.Context) error {
	key := strings.TrimSpace(c.Request().Header.Get("Idempotency-Key"))
	if key == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
	}
	var req refundRequest
	if err := c.Bind(&req); err != nil || req.Reason == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "reason is required")
	}
	params := billing.RefundParams{
		ChargeID:    c.Param("id"),
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
		Actor:       agent(c),
	}
	out, err := idem.Once(c.Request().Context(), r.idem, "admin.refund", key,
		func(ctx context.Context) (*billing.RefundOutcome, error) {
			return r.billing.RefundCharge(ctx, params)
		})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}
