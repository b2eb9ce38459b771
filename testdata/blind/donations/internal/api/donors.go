package api

import (
	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/platform/httpx"
	"github.com/kindredgive/donations/internal/service/donors"
	"github.com/kindredgive/donations/internal/service/giftaid"
)

// DonorHandler serves donor records and Gift Aid declarations.
type DonorHandler struct {
	donors  donors.Service
	giftAid giftaid.Service
	log     *zap.Logger
}

// NewDonorHandler builds the handler.
func NewDonorHandler(d donors.Service, g giftaid.Service, log *zap.Logger) *DonorHandler {
	return &DonorHandler{donors: d, giftAid: g, log: log.Named("api.donors")}
}

type registerDonorRequest struct {
	Email          string `json:"email"`
	FirstName      string `json:"first_name"`
	LastName       string `json:"last_name"`
	AddressLine1   string `json:"address_line1"`
	Postcode       string `json:"postcode"`
	MarketingOptIn bool   `json:"marketing_opt_in"`
}

func (r *registerDonorRequest) Validate() error {
	return httpx.Require(map[string]string{"email": r.Email, "first_name": r.FirstName, "last_name": r.LastName})
}

// Register handles POST /v1/donors.
func (h *DonorHandler) Register(c *fiber.Ctx) error {
	req, err := httpx.Bind[registerDonorRequest](c)
	if err != nil {
		return err
	}
	d, err := h.donors.Register(c.UserContext(), donors.RegisterInput{
		Email:          req.Email,
		FirstName:      req.FirstName,
		LastName:       req.LastName,
		AddressLine1:   req.AddressLine1,
		Postcode:       req.Postcode,
		MarketingOptIn: req.MarketingOptIn,
	})
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusOK).JSON(d)
}

type preferencesRequest struct {
	MarketingOptIn bool `json:"marketing_opt_in"`
	ContactByPost  bool `json:"contact_by_post"`
}

// UpdatePreferences handles PUT /v1/donors/:id/preferences.
func (h *DonorHandler) UpdatePreferences(c *fiber.Ctx) error {
	req, err := httpx.Bind[preferencesRequest](c)
	if err != nil {
		return err
	}
	d, err := h.donors.UpdatePreferences(c.UserContext(), c.Params("id"), req.MarketingOptIn, req.ContactByPost)
	if err != nil {
		return err
	}
	h.log.Info("preferences updated",
		zap.String("donor_id", d.ID),
		zap.String("request_id", httpx.RequestID(c)),
		zap.Bool("marketing", d.MarketingOptIn))
	return c.JSON(d)
}

type declareGiftAidRequest struct {
	DonorID     string `json:"donor_id"`
	HouseNumber string `json:"house_number"`
	Postcode    string `json:"postcode"`
	Confirmed   bool   `json:"confirmed_uk_taxpayer"`
}

func (r *declareGiftAidRequest) Validate() error {
	return httpx.Require(map[string]string{"donor_id": r.DonorID, "house_number": r.HouseNumber, "postcode": r.Postcode})
}

// DeclareGiftAid handles POST /v1/donations/:id/gift-aid.
func (h *DonorHandler) DeclareGiftAid(c *fiber.Ctx) error {
	req, err := httpx.Bind[declareGiftAidRequest](c)
	if err != nil {
		return err
	}
	decl, err := h.giftAid.Declare(c.UserContext(), c.Params("id"), giftaid.DeclareInput{
		DonorID:     req.DonorID,
		HouseNumber: req.HouseNumber,
		Postcode:    req.Postcode,
		Confirmed:   req.Confirmed,
	})
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(decl)
}
