package httpapi

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/gearloop/rentals/internal/service"
)

// DepositHandlers serves deposit endpoints.
type DepositHandlers struct {
	deposits service.Deposits
}

// NewDepositHandlers builds the handler group.
func NewDepositHandlers(d service.Deposits) *DepositHandlers {
	return &DepositHandlers{deposits: d}
}

// Capture handles POST /v1/deposits/:id/captures.
func (h *DepositHandlers) Capture(c echo.Context) error {
	in, err := bind[service.CaptureInput](c)
	if err != nil {
		return err
	}
	if in.ClaimID == "" || in.AmountCents <= 0 {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "claim_id and a positive amount_cents are required")
	}
	capture, err := h.deposits.Capture(c.Request().Context(), userID(c), c.Param("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, capture)
}

// ClaimHandlers serves damage claim endpoints.
type ClaimHandlers struct {
	claims service.Claims
}

// NewClaimHandlers builds the handler group.
func NewClaimHandlers(cl service.Claims) *ClaimHandlers {
	return &ClaimHandlers{claims: cl}
}

type fileClaimRequest struct {
	service.FileClaimInput
}

func (r *fileClaimRequest) Validate() error {
	if r.BookingID == "" || r.Description == "" {
		return errors.New("booking_id and description are required")
	}
	return nil
}

// File handles POST /v1/claims.
func (h *ClaimHandlers) File(c echo.Context) error {
	req, err := bind[fileClaimRequest](c)
	if err != nil {
		return err
	}
	claim, err := h.claims.File(c.Request().Context(), userID(c), req.FileClaimInput)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, claim)
}

// Resolve handles POST /v1/admin/claims/:id/resolve.
func (h *ClaimHandlers) Resolve(c echo.Context) error {
	in, err := bind[service.ResolveClaimInput](c)
	if err != nil {
		return err
	}
	claim, err := h.claims.Resolve(c.Request().Context(), userID(c), c.Param("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, claim)
}

// PayoutHandlers serves owner payout onboarding.
type PayoutHandlers struct {
	payouts service.Payouts
}

// NewPayoutHandlers builds the handler group.
func NewPayoutHandlers(p service.Payouts) *PayoutHandlers {
	return &PayoutHandlers{payouts: p}
}

type payoutAccountRequest struct {
	Country string `json:"country"`
}

func (r *payoutAccountRequest) Validate() error {
	if len(r.Country) != 2 {
		return errors.New("country must be an ISO 3166-1 alpha-2 code")
	}
	return nil
}

// CreateAccount handles POST /v1/me/payout-account.
func (h *PayoutHandlers) CreateAccount(c echo.Context) error {
	req, err := bind[payoutAccountRequest](c)
	if err != nil {
		return err
	}
	acct, err := h.payouts.CreateAccount(c.Request().Context(), userID(c), req.Country)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"stripe_account_id": acct})
}
