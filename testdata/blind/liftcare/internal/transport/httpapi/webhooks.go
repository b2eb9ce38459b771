package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/liftwell-systems/liftcare/internal/service/certification"
	"github.com/liftwell-systems/liftcare/internal/service/parts"
)

type shipmentNotice struct {
	ShipmentID string `json:"shipment_id"`
	OrderRef   string `json:"order_ref"`
	Quantity   int32  `json:"quantity"`
}

// SupplierShipment handles POST /webhooks/partsdirect/shipments. The
// depot scans the delivery and PartsDirect confirms it here; each delivery
// carries X-PartsDirect-Delivery, stable across PartsDirect's retries.
func (h *Handlers) SupplierShipment(c echo.Context) error {
	ctx := c.Request().Context()
	deliveryID := c.Request().Header.Get("X-PartsDirect-Delivery")
	if deliveryID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "missing delivery id")
	}
	seen, err := h.SupplierGuard.Seen(ctx, deliveryID)
	if err != nil {
		return err
	}
	if seen {
		return c.NoContent(http.StatusOK)
	}
	n, err := bind[shipmentNotice](c)
	if err != nil {
		return err
	}
	err = h.Parts.ReceiveShipment(ctx, parts.Shipment{
		SupplierShipmentID: n.ShipmentID,
		SupplierOrderRef:   n.OrderRef,
		Quantity:           n.Quantity,
	})
	if err != nil {
		return err
	}
	if err := h.SupplierGuard.Remember(ctx, deliveryID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

type certificateIssued struct {
	CertificateNo string `json:"certificate_no"`
	LiftSerial    string `json:"lift_serial"`
	InspectionRef string `json:"inspection_ref"`
	IssuedOn      string `json:"issued_on"`
	ExpiresOn     string `json:"expires_on"`
}

// CertificateIssued handles POST /webhooks/city/certificate-issued. The
// authority redelivers until it gets a 2xx.
func (h *Handlers) CertificateIssued(c echo.Context) error {
	n, err := bind[certificateIssued](c)
	if err != nil {
		return err
	}
	issued, err1 := time.Parse(time.DateOnly, n.IssuedOn)
	expires, err2 := time.Parse(time.DateOnly, n.ExpiresOn)
	if err1 != nil || err2 != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "bad dates")
	}
	err = h.Certificates.RecordIssued(c.Request().Context(), certification.IssuedNotice{
		CertificateNo: n.CertificateNo,
		LiftSerial:    n.LiftSerial,
		InspectionRef: n.InspectionRef,
		IssuedOn:      issued,
		ExpiresOn:     expires,
	})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

type certificateRevoked struct {
	CertificateNo string    `json:"certificate_no"`
	RevokedAt     time.Time `json:"revoked_at"`
	Reason        string    `json:"reason"`
}

// CertificateRevoked handles POST /webhooks/city/certificate-revoked.
func (h *Handlers) CertificateRevoked(c echo.Context) error {
	n, err := bind[certificateRevoked](c)
	if err != nil {
		return err
	}
	err = h.Certificates.RecordRevoked(c.Request().Context(), certification.RevokedNotice{
		CertificateNo: n.CertificateNo,
		RevokedAt:     n.RevokedAt,
		Reason:        n.Reason,
	})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
