package api

import (
	"github.com/gofiber/fiber/v2"

	"github.com/kindredgive/donations/internal/platform/httpx"
	"github.com/kindredgive/donations/internal/providers/processor"
	"github.com/kindredgive/donations/internal/service/donations"
	"github.com/kindredgive/donations/internal/service/refunds"
)

// DonationHandler serves one-off gifts and refunds.
type DonationHandler struct {
	donations donations.Service
	refunds   refunds.Service
}

// NewDonationHandler builds the handler.
func NewDonationHandler(d donations.Service, r refunds.Service) *DonationHandler {
	return &DonationHandler{donations: d, refunds: r}
}

type cardPayload struct {
	EncryptedCardNumber   string `json:"encrypted_card_number"`
	EncryptedExpiryMonth  string `json:"encrypted_expiry_month"`
	EncryptedExpiryYear   string `json:"encrypted_expiry_year"`
	EncryptedSecurityCode string `json:"encrypted_security_code"`
	HolderName            string `json:"holder_name"`
}

func (c cardPayload) toMethod() processor.PaymentMethod {
	return processor.PaymentMethod{
		Type:                  "scheme",
		EncryptedCardNumber:   c.EncryptedCardNumber,
		EncryptedExpiryMonth:  c.EncryptedExpiryMonth,
		EncryptedExpiryYear:   c.EncryptedExpiryYear,
		EncryptedSecurityCode: c.EncryptedSecurityCode,
		HolderName:            c.HolderName,
	}
}

type createDonationRequest struct {
	DonorID          string      `json:"donor_id"`
	CharityID        string      `json:"charity_id"`
	CampaignID       *string     `json:"campaign_id"`
	FundraiserPageID *string     `json:"fundraiser_page_id"`
	AmountPence      int64       `json:"amount_pence"`
	Currency         string      `json:"currency"`
	GiftAid          bool        `json:"gift_aid"`
	Anonymous        bool        `json:"anonymous"`
	Message          string      `json:"message"`
	Email            string      `json:"email"`
	Card             cardPayload `json:"card"`
}

func (r *createDonationRequest) Validate() error {
	if err := httpx.Require(map[string]string{"donor_id": r.DonorID, "charity_id": r.CharityID, "currency": r.Currency}); err != nil {
		return err
	}
	if r.AmountPence < 100 {
		return fiber.NewError(fiber.StatusUnprocessableEntity, "minimum donation is 100 pence")
	}
	return nil
}

// Create handles POST /v1/donations.
func (h *DonationHandler) Create(c *fiber.Ctx) error {
	key, err := httpx.RequireIdempotencyKey(c)
	if err != nil {
		return err
	}
	req, err := httpx.Bind[createDonationRequest](c)
	if err != nil {
		return err
	}
	d, err := h.donations.Create(c.UserContext(), key, donations.CreateInput{
		DonorID:          req.DonorID,
		CharityID:        req.CharityID,
		CampaignID:       req.CampaignID,
		FundraiserPageID: req.FundraiserPageID,
		AmountPence:      req.AmountPence,
		Currency:         req.Currency,
		GiftAid:          req.GiftAid,
		Anonymous:        req.Anonymous,
		Message:          req.Message,
		ShopperEmail:     req.Email,
		Card:             req.Card.toMethod(),
	})
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(d)
}

// Get handles GET /v1/donations/:id.
func (h *DonationHandler) Get(c *fiber.Ctx) error {
	d, err := h.donations.Get(c.UserContext(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(d)
}

type refundRequest struct {
	AmountPence int64  `json:"amount_pence"`
	Reason      string `json:"reason"`
}

func (r *refundRequest) Validate() error {
	if r.AmountPence <= 0 {
		return fiber.NewError(fiber.StatusUnprocessableEntity, "amount_pence must be positive")
	}
	return httpx.Require(map[string]string{"reason": r.Reason})
}

// Refund handles POST /v1/admin/donations/:id/refunds.
func (h *DonationHandler) Refund(c *fiber.Ctx) error {
	req, err := httpx.Bind[refundRequest](c)
	if err != nil {
		return err
	}
	rf, err := h.refunds.Request(c.UserContext(), c.Params("id"), refunds.RefundInput{
		AmountPence: req.AmountPence,
		Reason:      req.Reason,
	})
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusAccepted).JSON(rf)
}
