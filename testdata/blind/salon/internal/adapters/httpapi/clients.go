package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/velvetchair/salon/internal/core/services"
)

type ClientHandler struct {
	clients *services.ClientService
}

func NewClientHandler(s *services.ClientService) *ClientHandler { return &ClientHandler{clients: s} }

func (h *ClientHandler) Register(e *echo.Echo) {
	e.POST("/v1/clients", h.register)
}

func (h *ClientHandler) register(c echo.Context) error {
	req, err := bind[services.RegisterClientRequest](c)
	if err != nil {
		return err
	}
	client, created, err := h.clients.Register(c.Request().Context(), req)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return c.JSON(status, client)
}
