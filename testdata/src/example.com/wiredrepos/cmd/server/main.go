// Command server wires the handler to the service and the store.
package main

import (
	"net/http"

	"gorm.io/gorm"

	"example.com/wiredrepos/api"
	"example.com/wiredrepos/service"
	"example.com/wiredrepos/store"
)

func main() {
	db, _ := gorm.Open(nil)
	h := &api.Handler{Voider: &service.Service{UOW: store.New(db)}}
	http.HandleFunc("POST /void", h.Void)
	http.HandleFunc("POST /void/apart", h.VoidApart)
	http.HandleFunc("POST /adjust", h.Adjust)
	http.ListenAndServe(":8080", nil)
}
