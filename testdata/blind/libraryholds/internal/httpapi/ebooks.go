package httpapi

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/shelfwise-labs/branchline/internal/domain"
	"github.com/shelfwise-labs/branchline/internal/service/ebooks"
)

// EbookService is what the e-book routes need.
type EbookService interface {
	Checkout(ctx context.Context, in ebooks.CheckoutInput) (domain.EbookLoan, error)
	Renew(ctx context.Context, patronID, loanID string) (domain.EbookLoan, error)
	PlaceHold(ctx context.Context, in ebooks.HoldInput) (domain.EbookHold, error)
}

// EbookHandler serves the e-book routes.
type EbookHandler struct{ svc EbookService }

// NewEbookHandler returns the e-book routes.
func NewEbookHandler(svc EbookService) *EbookHandler { return &EbookHandler{svc: svc} }

// Checkout handles POST /v1/patrons/:patronID/ebook-loans.
func (h *EbookHandler) Checkout(c echo.Context) error {
	var req struct {
		TitleID string `json:"title_id"`
		Format  string `json:"format"`
	}
	if err := c.Bind(&req); err != nil || req.TitleID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "title_id is required")
	}
	loan, err := h.svc.Checkout(c.Request().Context(), ebooks.CheckoutInput{
		PatronID: c.Param("patronID"), TitleID: req.TitleID, Format: req.Format,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, loan)
}

// Renew handles POST /v1/patrons/:patronID/ebook-loans/:loanID/renewals.
func (h *EbookHandler) Renew(c echo.Context) error {
	loan, err := h.svc.Renew(c.Request().Context(), c.Param("patronID"), c.Param("loanID"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, loan)
}

// PlaceHold handles POST /v1/patrons/:patronID/ebook-holds.
func (h *EbookHandler) PlaceHold(c echo.Context) error {
	var req struct {
		TitleID      string `json:"title_id"`
		AutoCheckout bool   `json:"auto_checkout"`
	}
	if err := c.Bind(&req); err != nil || req.TitleID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "title_id is required")
	}
	hold, err := h.svc.PlaceHold(c.Request().Context(), ebooks.HoldInput{
		PatronID: c.Param("patronID"), TitleID: req.TitleID, AutoCheckout: req.AutoCheckout,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"id": hold.ID, "title_id": hold.TitleID, "status": hold.Status,
	})
}
