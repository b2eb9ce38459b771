package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/aerolounge/loungepass/internal/httpapi/middleware"
	"github.com/aerolounge/loungepass/internal/service"
)

type checkInRequest struct {
	ScanID     string             `json:"scan_id"`
	Credential service.Credential `json:"credential"`
}

type checkInResponse struct {
	Admitted bool   `json:"admitted"`
	VisitID  string `json:"visit_id"`
	Via      string `json:"via"`
}

// checkIn is called by the door scanner for every scan. The scanner assigns
// scan_id and resends it unchanged when it does not get an answer.
func (h *handlers) checkIn(c echo.Context) error {
	req, err := bindJSON[checkInRequest](c)
	if err != nil {
		return err
	}
	v, err := h.svc.Access.CheckIn(c.Request().Context(), service.CheckInInput{
		LoungeCode: c.Param("code"),
		ScanID:     req.ScanID,
		DeviceID:   middleware.DeviceID(c),
		Credential: req.Credential,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, checkInResponse{Admitted: true, VisitID: v.ID.String(), Via: string(v.EntitlementType)})
}
