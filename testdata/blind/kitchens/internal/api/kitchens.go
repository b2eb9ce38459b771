package api

import (
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/hearthkit/commissary/internal/service"
)

// KitchenHandler serves kitchen document uploads.
type KitchenHandler struct {
	svc service.KitchenService
}

// NewKitchenHandler builds the handler.
func NewKitchenHandler(svc service.KitchenService) *KitchenHandler {
	return &KitchenHandler{svc: svc}
}

func readFormFile(c echo.Context, field string, limit int64) ([]byte, string, string, error) {
	fh, err := c.FormFile(field)
	if err != nil {
		return nil, "", "", echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf("multipart field %q is required", field))
	}
	if fh.Size > limit {
		return nil, "", "", echo.NewHTTPError(http.StatusRequestEntityTooLarge, "file too large")
	}
	f, err := fh.Open()
	if err != nil {
		return nil, "", "", err
	}
	defer f.Close()
	body, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, "", "", err
	}
	return body, fh.Filename, fh.Header.Get(echo.HeaderContentType), nil
}

func parseDate(v string) (*time.Time, error) {
	if v == "" {
		return nil, nil
	}
	t, err := time.Parse(time.DateOnly, v)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// UploadInspection accepts a multipart health-inspection document.
func (h *KitchenHandler) UploadInspection(c echo.Context) error {
	if err := requireRole(c, "host", "ops"); err != nil {
		return err
	}
	body, name, ct, err := readFormFile(c, "file", 20<<20)
	if err != nil {
		return err
	}
	issued, err := parseDate(c.FormValue("issued_on"))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "issued_on must be YYYY-MM-DD")
	}
	expires, err := parseDate(c.FormValue("expires_on"))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "expires_on must be YYYY-MM-DD")
	}
	doc, err := h.svc.UploadInspection(c.Request().Context(), service.InspectionUpload{
		KitchenID:   c.Param("id"),
		UploadedBy:  principal(c).ID,
		Kind:        c.FormValue("kind"),
		FileName:    name,
		ContentType: ct,
		Body:        body,
		IssuedOn:    issued,
		ExpiresOn:   expires,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, doc)
}

// HostHandler serves host account settings.
type HostHandler struct {
	payouts service.PayoutService
}

// NewHostHandler builds the handler.
func NewHostHandler(payouts service.PayoutService) *HostHandler {
	return &HostHandler{payouts: payouts}
}

type payoutAccountRequest struct {
	BankToken string `json:"bank_token"`
	Last4     string `json:"last4"`
}

// SetPayoutAccount stores the host's tokenised bank account.
func (h *HostHandler) SetPayoutAccount(c echo.Context) error {
	if err := requireRole(c, "host"); err != nil {
		return err
	}
	hostID := c.Param("id")
	if principal(c).ID != hostID {
		return echo.NewHTTPError(http.StatusForbidden, "hosts can only change their own account")
	}
	var req payoutAccountRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed body")
	}
	acct, err := h.payouts.SetPayoutAccount(c.Request().Context(), hostID, req.BankToken, req.Last4)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, acct)
}
