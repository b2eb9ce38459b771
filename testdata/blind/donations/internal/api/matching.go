package api

import (
	"github.com/gofiber/fiber/v2"

	"github.com/kindredgive/donations/internal/platform/httpx"
	"github.com/kindredgive/donations/internal/service/matching"
	"github.com/kindredgive/donations/internal/service/payouts"
)

// MatchingHandler serves matched-giving requests.
type MatchingHandler struct {
	matching matching.Service
}

// NewMatchingHandler builds the handler.
func NewMatchingHandler(m matching.Service) *MatchingHandler {
	return &MatchingHandler{matching: m}
}

type claimRequest struct {
	DonationID  string `json:"donation_id"`
	DonorID     string `json:"donor_id"`
	EmployerID  string `json:"employer_id"`
	EmployeeRef string `json:"employee_ref"`
}

func (r *claimRequest) Validate() error {
	return httpx.Require(map[string]string{
		"donation_id":  r.DonationID,
		"donor_id":     r.DonorID,
		"employer_id":  r.EmployerID,
		"employee_ref": r.EmployeeRef,
	})
}

// RequestClaim handles POST /v1/matching/claims.
func (h *MatchingHandler) RequestClaim(c *fiber.Ctx) error {
	req, err := httpx.Bind[claimRequest](c)
	if err != nil {
		return err
	}
	claim, err := h.matching.RequestClaim(c.UserContext(), matching.ClaimInput{
		DonationID:  req.DonationID,
		DonorID:     req.DonorID,
		EmployerID:  req.EmployerID,
		EmployeeRef: req.EmployeeRef,
	})
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusAccepted).JSON(claim)
}

// PayoutHandler serves the finance team's payout requests.
type PayoutHandler struct {
	payouts payouts.Service
}

// NewPayoutHandler builds the handler.
func NewPayoutHandler(p payouts.Service) *PayoutHandler {
	return &PayoutHandler{payouts: p}
}

type payoutRequest struct {
	Reference   string `json:"reference"`
	AmountPence int64  `json:"amount_pence"`
}

func (r *payoutRequest) Validate() error {
	if r.AmountPence <= 0 {
		return fiber.NewError(fiber.StatusUnprocessableEntity, "amount_pence must be positive")
	}
	if len(r.Reference) > 18 {
		return fiber.NewError(fiber.StatusUnprocessableEntity, "reference must fit a Faster Payments reference (18 chars)")
	}
	return httpx.Require(map[string]string{"reference": r.Reference})
}

// Request handles POST /v1/admin/charities/:id/payouts.
func (h *PayoutHandler) Request(c *fiber.Ctx) error {
	req, err := httpx.Bind[payoutRequest](c)
	if err != nil {
		return err
	}
	p, err := h.payouts.RequestManual(c.UserContext(), c.Params("id"), payouts.ManualInput{
		Reference:   req.Reference,
		AmountPence: req.AmountPence,
	})
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusAccepted).JSON(p)
}
