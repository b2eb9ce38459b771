// Command server wires the bookings to their store.
package main

import (
	"net/http"

	"example.com/wiredmodelhook/app"
	"example.com/wiredmodelhook/store"

	"gorm.io/gorm"
)

func main() {
	db, _ := gorm.Open(nil)
	h := &app.Handler{Bookings: store.NewBookings(db)}
	http.HandleFunc("POST /bookings", h.Book)
	http.HandleFunc("POST /bookings/keyed", h.BookKeyed)
	http.ListenAndServe(":8080", nil)
}
