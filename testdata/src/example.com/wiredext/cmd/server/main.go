// Command server wires the desk: the Counter holds the pool as an Ext.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredext/db"
	"example.com/wiredext/httpapi"
	"example.com/wiredext/idgen"
	"example.com/wiredext/rental"
	"example.com/wiredext/store"
)

func main() {
	pool, _ := sql.Open("postgres", "")
	h := &httpapi.Handler{C: rental.New(db.Pool(pool), db.NewRunner(pool), store.Rentals{}, &store.Desk{Conn: db.CtxConn{Pool: pool}}, idgen.UUIDs{}, idgen.Serials{Prefix: "r"})}
	http.HandleFunc("POST /rentals/{id}/checkin", h.Checkin)
	http.HandleFunc("POST /rentals/{id}/checkin-tx", h.CheckinTx)
	http.HandleFunc("POST /rentals/{id}/remarks", h.Remark)
	http.HandleFunc("POST /rentals", h.Open)
	http.HandleFunc("POST /rentals/{id}/finish", h.Finish)
	http.HandleFunc("POST /rentals/{id}/finish-quiet", h.FinishQuiet)
	http.HandleFunc("POST /rentals/own", h.OpenOwn)
	http.HandleFunc("POST /rentals/ref", h.OpenRef)
	http.HandleFunc("POST /rentals/{id}/deposit", h.Deposit)
	http.HandleFunc("POST /rentals/{id}/deposit-tx", h.DepositTx)
	http.HandleFunc("POST /rentals/{id}/deposit-fee", h.DepositFee)
	h.Routes(http.DefaultServeMux)
	http.ListenAndServe(":8080", nil)
}
