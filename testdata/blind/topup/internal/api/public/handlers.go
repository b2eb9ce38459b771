package public

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/service"
)

type createTopUpRequest struct {
	MSISDN        string `json:"msisdn"`
	Operator      string `json:"operator"`
	AmountCents   int64  `json:"amount_cents"`
	PaymentMethod string `json:"payment_method,omitempty"`
}

func (a *API) createTopUp(c echo.Context) error {
	var req createTopUpRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	t, err := a.topups.Create(c.Request().Context(), service.CreateTopUpInput{
		CustomerID:     customerID(c),
		IdempotencyKey: c.Request().Header.Get("Idempotency-Key"),
		MSISDN:         req.MSISDN,
		Operator:       req.Operator,
		AmountCents:    req.AmountCents,
		PaymentMethod:  req.PaymentMethod,
	})
	if err != nil {
		return mapError(err)
	}
	code := http.StatusCreated
	if t.Status == domain.TopUpPending {
		code = http.StatusAccepted
	}
	return c.JSON(code, t)
}

func (a *API) getTopUp(c echo.Context) error {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound, "not found")
	}
	t, err := a.topups.Get(c.Request().Context(), customerID(c), id)
	if err != nil {
		return mapError(err)
	}
	return c.JSON(http.StatusOK, t)
}

type refundRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

func (a *API) refundTopUp(c echo.Context) error {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound, "not found")
	}
	var req refundRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	rf, err := a.topups.Refund(c.Request().Context(), service.RefundInput{
		CustomerID:  customerID(c),
		TopUpID:     id,
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
	})
	if err != nil {
		return mapError(err)
	}
	return c.JSON(http.StatusCreated, rf)
}

type purchaseBundleRequest struct {
	MSISDN        string `json:"msisdn"`
	BundleCode    string `json:"bundle_code"`
	PaymentMethod string `json:"payment_method,omitempty"`
}

func (a *API) purchaseBundle(c echo.Context) error {
	var req purchaseBundleRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	order, err := a.bundles.Purchase(c.Request().Context(), service.PurchaseBundleInput{
		CustomerID:    customerID(c),
		MSISDN:        req.MSISDN,
		BundleCode:    req.BundleCode,
		PaymentMethod: req.PaymentMethod,
	})
	if err != nil {
		return mapError(err)
	}
	return c.JSON(http.StatusCreated, order)
}

type autoRechargeRequest struct {
	Enabled        bool   `json:"enabled"`
	ThresholdCents int64  `json:"threshold_cents"`
	AmountCents    int64  `json:"amount_cents"`
	Operator       string `json:"operator"`
}

func (a *API) putAutoRecharge(c echo.Context) error {
	var req autoRechargeRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	out, err := a.settings.PutAutoRecharge(c.Request().Context(), domain.AutoRecharge{
		CustomerID:     customerID(c),
		Enabled:        req.Enabled,
		ThresholdCents: req.ThresholdCents,
		AmountCents:    req.AmountCents,
		Operator:       req.Operator,
	})
	if err != nil {
		return mapError(err)
	}
	return c.JSON(http.StatusOK, out)
}

type redeemRequest struct {
	MSISDN   string `json:"msisdn"`
	Operator string `json:"operator"`
}

func (a *API) redeemPromo(c echo.Context) error {
	var req redeemRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	t, err := a.promos.Redeem(c.Request().Context(), service.RedeemInput{
		CustomerID: customerID(c),
		Code:       c.Param("code"),
		MSISDN:     req.MSISDN,
		Operator:   req.Operator,
	})
	if err != nil {
		return mapError(err)
	}
	return c.JSON(http.StatusOK, t)
}
