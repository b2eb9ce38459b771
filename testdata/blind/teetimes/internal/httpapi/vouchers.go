package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/fairwaylinks/teetimes/internal/service"
)

type purchaseVoucherRequest struct {
	PurchaserEmail string `json:"purchaser_email"`
	RecipientName  string `json:"recipient_name"`
	RecipientEmail string `json:"recipient_email"`
	Message        string `json:"message"`
	AmountCents    int64  `json:"amount_cents"`
}

// PurchaseVoucher handles POST /v1/vouchers.
func (h *Handler) PurchaseVoucher(c echo.Context) error {
	var req purchaseVoucherRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	res, err := h.vouchers.Purchase(c.Request().Context(), service.PurchaseVoucherInput{
		PurchaseKey:    idempotencyKey(c),
		PurchaserEmail: req.PurchaserEmail,
		RecipientName:  req.RecipientName,
		RecipientEmail: req.RecipientEmail,
		Message:        req.Message,
		AmountCents:    req.AmountCents,
	})
	if err != nil {
		return err
	}
	// The code itself is only revealed to the recipient by email.
	return c.JSON(http.StatusCreated, map[string]any{
		"id":            res.Voucher.ID,
		"amount_cents":  res.Voucher.FaceValueCents,
		"currency":      res.Voucher.Currency,
		"status":        res.Voucher.Status,
		"client_secret": res.ClientSecret,
	})
}

type redeemVoucherRequest struct {
	BookingID   string `json:"booking_id"`
	AmountCents int64  `json:"amount_cents"`
}

// RedeemVoucher handles POST /v1/vouchers/:code/redeem.
func (h *Handler) RedeemVoucher(c echo.Context) error {
	var req redeemVoucherRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	b, err := h.bookings.Get(c.Request().Context(), req.BookingID)
	if err != nil {
		return err
	}
	if b.MemberID != memberID(c) {
		return echo.NewHTTPError(http.StatusNotFound, "booking not found")
	}
	credit, err := h.vouchers.Redeem(c.Request().Context(), c.Param("code"), b.ID, req.AmountCents)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"credit_id":    credit.ID,
		"booking_id":   credit.BookingID,
		"amount_cents": credit.AmountCents,
	})
}
