module bank

go 1.25

require github.com/google/uuid v1.6.0
