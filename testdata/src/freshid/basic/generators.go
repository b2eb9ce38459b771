package basic

import (
	"net/http"

	"github.com/sony/sonyflake"
	"go.mongodb.org/mongo-driver/bson/primitive"
)

var flake = sonyflake.NewSonyflake(sonyflake.Settings{})

func CreateProduct(w http.ResponseWriter, r *http.Request) {
	id, _ := flake.NextID() // want `a retry inserts a second products row with a new id: Sonyflake.NextID\(\) is fresh on every attempt`
	db.Exec("INSERT INTO products (id, name) VALUES ($1, $2)", id, "a")
}

func CreateOrderObjectID(w http.ResponseWriter, r *http.Request) {
	id := primitive.NewObjectID() // want `a retry inserts a second orders row with a new id: primitive.NewObjectID\(\) is fresh`
	db.Exec("INSERT INTO orders (id, total) VALUES ($1, $2)", id.Hex(), 10)
}
