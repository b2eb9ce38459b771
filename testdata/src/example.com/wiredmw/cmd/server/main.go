// Command server wires the orders API behind its middlewares.
package main

import (
	"database/sql"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"

	"example.com/wiredmw/api"
	"example.com/wiredmw/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	keys := &store.Keys{DB: db}
	h := &api.Handler{Orders: &store.Orders{DB: db}}
	http.Handle("POST /orders", api.Idempotent(keys, http.HandlerFunc(h.Place)))
	http.Handle("POST /orders/claimed", api.Claimed(keys, h.Place))
	http.Handle("POST /orders/replayed", api.Replay(&store.Responses{}, http.HandlerFunc(h.Place)))
	r := gin.New()
	r.Use(api.GinIdempotent(keys))
	e := echo.New()
	e.Use(api.EchoIdempotent("orders", keys, slog.Default()))
	http.ListenAndServe(":8080", nil)
}
