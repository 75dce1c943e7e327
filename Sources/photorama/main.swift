print("photorama")
