// Command server wires the services with their ID generators.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredidgen/app"
	"example.com/wiredidgen/holds"
	"example.com/wiredidgen/ids"
	"example.com/wiredidgen/pg"
)

func main() {
	db, _ := sql.Open("postgres", "")
	store := &pg.Holds{DB: db}
	newID := ids.Default
	src := ids.NewSource()
	pinned := &ids.Pinned{ID: "pickup"}
	h := &app.Handler{
		Holds:     &holds.Service{Holds: store, NewID: ids.Prefixed("hld", ids.XID())},
		Renewals:  &holds.Renewals{Holds: store, NewID: ids.Hashed("renewals")},
		Waitlist:  provideWaitlist(store, newID),
		Transfers: holds.NewTransfers(store),
		Returns:   &holds.Returns{Holds: store, NewID: src.Next},
		Pickups:   &holds.Pickups{Holds: store, NewID: pinned.Next},
	}
	http.HandleFunc("/holds", h.Place)
	http.HandleFunc("/renewals", h.Renew)
	http.HandleFunc("/waitlist", h.Join)
	http.HandleFunc("/transfers", h.Transfer)
	http.HandleFunc("/shelves", h.Shelve)
	http.HandleFunc("/returns", h.Return)
	http.HandleFunc("/pickups", h.Pickup)
	http.ListenAndServe(":8080", nil)
}

// provideWaitlist hands the generator it is given on to the waitlist's
// constructor, as an injector's provider does.
func provideWaitlist(store holds.Store, newID func() string) *holds.Waitlist {
	return holds.NewWaitlist(store, newID)
}
