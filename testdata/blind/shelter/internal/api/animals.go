package api

import (
	"context"
	"net/http"
	"regexp"

	"github.com/labstack/echo/v4"

	"github.com/brindlewood-labs/shelternet/internal/animals"
	"github.com/brindlewood-labs/shelternet/internal/domain"
)

type AnimalService interface {
	RegisterChip(ctx context.Context, animalID, chip string) (domain.Animal, error)
	TransferOut(ctx context.Context, in animals.TransferOutInput) (domain.OutboundTransfer, error)
}

type AnimalHandlers struct{ svc AnimalService }

func NewAnimalHandlers(svc *animals.Service) *AnimalHandlers { return &AnimalHandlers{svc: svc} }

// ISO 11784 chips are 15 digits; some older AVID chips are 9–10.
var chipPattern = regexp.MustCompile(`^(\d{15}|\d{9,10})$`)

type chipRequest struct {
	ChipNumber string `json:"chip_number"`
}

func (h *AnimalHandlers) RegisterChip(c echo.Context) error {
	req, err := bind[chipRequest](c)
	if err != nil {
		return err
	}
	if !chipPattern.MatchString(req.ChipNumber) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "chip_number must be 9, 10 or 15 digits")
	}
	a, err := h.svc.RegisterChip(c.Request().Context(), c.Param("id"), req.ChipNumber)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, a)
}

type transferOutRequest struct {
	PartnerID string `json:"partner_id"`
	Reason    string `json:"reason"`
}

func (h *AnimalHandlers) TransferOut(c echo.Context) error {
	req, err := bind[transferOutRequest](c)
	if err != nil {
		return err
	}
	if req.PartnerID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "partner_id is required")
	}
	t, err := h.svc.TransferOut(c.Request().Context(), animals.TransferOutInput{
		AnimalID: c.Param("id"), PartnerID: req.PartnerID, Reason: req.Reason,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, t)
}
