package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/halcyonevents/confreg/internal/registration"
)

type registrationHandlers struct {
	svc registration.Service
}

type registerRequest struct {
	Email    string `json:"email"`
	FullName string `json:"full_name"`
	Company  string `json:"company"`
	JobTitle string `json:"job_title"`
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

func (h *registrationHandlers) create(c echo.Context) error {
	body, err := bind[registerRequest](c)
	if err != nil {
		return err
	}
	reg, err := h.svc.Register(c.Request().Context(), registration.RegisterInput{
		ConferenceSlug: c.Param("slug"),
		Email:          body.Email,
		FullName:       body.FullName,
		Company:        body.Company,
		JobTitle:       body.JobTitle,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, reg)
}

func (h *registrationHandlers) get(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	reg, err := h.svc.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, reg)
}

func (h *registrationHandlers) cancel(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	body, err := bind[cancelRequest](c)
	if err != nil {
		return err
	}
	if err := h.svc.Cancel(c.Request().Context(), registration.CancelInput{
		RegistrationID: id,
		Reason:         body.Reason,
	}); err != nil {
		return err
	}
	return c.NoContent(http.StatusAccepted)
}
